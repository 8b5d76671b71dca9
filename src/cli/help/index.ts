// `practice help [command...|topic]`: a command's help, or a topic that is not a command
// (exit-codes, environment). Replaces commander's own help command so topics can live beside commands.
import { Command } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { TOPICS } from './topics.js';

export function helpCommand(ctx: Context, program: Command): Command {
  const topics = Object.entries(TOPICS).map(([name, topic]) => `  ${name.padEnd(12)} ${topic.summary}`).join('\n');
  return new Command('help')
    .description('Show help for a command, or a help topic')
    .argument('[words...]', 'a command (e.g. auth login) or a topic')
    .addHelpText('after', `\nTopics:\n${topics}\n\nExamples:\n  $ practice help auth login\n  $ practice help exit-codes`)
    .action((words: string[]) => {
      const topic = words.length === 1 ? TOPICS[words[0]!] : undefined;
      if (topic) {
        ctx.io.stdout.write(topic.text);
        return;
      }
      let command = program;
      for (const word of words) {
        const sub = command.commands.find((candidate) => candidate.name() === word || candidate.aliases().includes(word));
        if (!sub) throw new UsageError(`No command or help topic "${words.join(' ')}".`, `Run \`practice help\` for the commands; topics: ${Object.keys(TOPICS).join(', ')}.`);
        command = sub;
      }
      command.outputHelp();
    });
}
