// `practice help [command...|topic]`: a topic that is not a command (exit-codes, environment), or
// a command's help, shown by running `practice <command...> --help` (so the noun loads as it would).
import { Command } from 'commander';
import type { Context } from '../context.js';
import { SilentExit, UsageError } from '../errors.js';
import { TOPICS } from './topics.js';

export function helpCommand(ctx: Context, nouns: readonly string[], run: (argv: string[]) => Promise<number>): Command {
  const topics = Object.entries(TOPICS).map(([name, topic]) => `  ${name.padEnd(12)} ${topic.summary}`).join('\n');
  return new Command('help')
    .description('Show help for a command, or a help topic')
    .argument('[words...]', 'a command (e.g. auth login) or a topic')
    .addHelpText('before', `Examples:\n  $ practice help auth login\n  $ practice help exit-codes\n`)
    .addHelpText('after', `\nTopics:\n${topics}`)
    .action(async (words: string[]) => {
      const topic = words.length === 1 ? TOPICS[words[0]!] : undefined;
      if (topic) {
        ctx.io.stdout.write(topic.text);
        return;
      }
      if (words.length > 0 && !nouns.includes(words[0]!)) {
        throw new UsageError(`No command or help topic "${words.join(' ')}".`, `Commands: ${nouns.join(', ')}; topics: ${Object.keys(TOPICS).join(', ')}.`);
      }
      const code = await run([...words, '--help']);
      if (code !== 0) throw new SilentExit(code);
    });
}
