// `practice completion bash|zsh|fish`: prints the completion script for a shell, generated from the
// whole command tree, the nouns that load lazily included, so it can never list a command that is gone.
import { Argument, Command } from 'commander';
import type { Context } from '../context.js';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { specOf } from './tree.js';
import { zshScript } from './zsh.js';

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript };
type Shell = keyof typeof SCRIPTS;

/** program.ts's buildProgram, handed in: the program imports this command, so this must not import it. */
export type BuildProgram = (ctx: Context, argv: string[]) => Promise<Command>;

export function completionCommand(ctx: Context, buildProgram: BuildProgram): Command {
  const command = new Command('completion')
    .description('Print the shell completion script for bash, zsh or fish')
    .addHelpText('before', `Examples:
  $ mkdir -p ~/.local/share/bash-completion/completions && practice completion bash > ~/.local/share/bash-completion/completions/practice
  $ mkdir -p ~/.zfunc && practice completion zsh > ~/.zfunc/_practice   # then fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc
  $ mkdir -p ~/.config/fish/completions && practice completion fish > ~/.config/fish/completions/practice.fish
`)
    .addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(SCRIPTS)))
    .addHelpText('after', `
The scripts complete commands, flags, fixed values (statuses, formats, days) and, by asking
\`practice profile list\` as you type, profile names.`)
    .action(async (shell: Shell) => {
      ctx.io.stdout.write(SCRIPTS[shell](specOf(await fullTree(command.parent!, ctx, buildProgram))));
    });
  return command;
}

/**
 * The program with every noun loaded. A noun that was not invoked is a bare placeholder (see
 * program.ts), so each placeholder is swapped for the real command, built as if it had been invoked.
 */
async function fullTree(program: Command, ctx: Context, buildProgram: BuildProgram): Promise<Command> {
  const placeholders = program.commands.filter((noun) => noun.commands.length === 0 && noun.options.length === 0 && noun.registeredArguments.length === 0);
  for (const placeholder of placeholders) {
    const built = (await buildProgram(ctx, [placeholder.name()])).commands.find((noun) => noun.name() === placeholder.name());
    const index = program.commands.indexOf(placeholder);
    if (built) (program.commands as Command[])[index] = built;
  }
  return program;
}
