// `practice booking questions [add|remove]`: the intake questions the page asks (a few, each text,
// yes-no or a choice). Written as the page's whole list (booking_pages.questions); the database checks
// the list again. Answers are kept with each request, with the question as it was asked.
import { Command, Option } from 'commander';
import { addOutputFlags } from '../../core/output-flags.js';
import type { Column, RowOptions } from '../../core/output.js';
import { query } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { CommandError, UsageError } from '../errors.js';
import { reportChange } from '../shared/report.js';
import { type BookingPage, fetchPage, type Question, type QuestionType } from './shared.js';

interface AddOptions extends RowOptions {
  id: string;
  label: string;
  type: 'text' | 'yes-no' | 'choice';
  choices?: string;
  required?: boolean;
}

// As migration 20 checks them.
const MAX_QUESTIONS = 10;
const ID = /^[a-z0-9_-]{1,40}$/;
const MAX_LABEL = 200;
const MAX_CHOICES = 12;
const MAX_CHOICE = 100;

const FIELDS = ['id', 'label', 'type', 'choices', 'required'];
const COLUMNS: Column<Question>[] = [
  { key: 'id' }, { key: 'label' }, { key: 'type', format: (type) => (type === 'yes_no' ? 'yes-no' : String(type)) },
  { key: 'choices', format: (choices) => ((choices as string[] | undefined) ?? []).join(', ') },
  { key: 'required', format: (required) => (required ? 'yes' : 'no') },
];

export function questionsCommand(ctx: Context): Command {
  const list = addOutputFlags(new Command('list')
    .description('List the intake questions')
    .action(async (options: RowOptions) => ctx.out.rows((await fetchPage(ctx)).questions, COLUMNS, options, 'No intake questions.')), FIELDS);
  const add = addOutputFlags(new Command('add')
    .description(`Add an intake question (at most ${MAX_QUESTIONS})`)
    .requiredOption('--id <id>', 'a short name for it: lower-case letters, digits, - and _')
    .requiredOption('--label <text>', 'the question as the page asks it')
    .addOption(new Option('--type <type>', 'what the answer is').choices(['text', 'yes-no', 'choice']).default('text'))
    .option('--choices <list>', 'with --type choice: the choices, comma-separated (2 to 12)')
    .option('--required', 'a request must answer it')
    .action((options: AddOptions) => runAdd(options, ctx)), FIELDS);
  const remove = addOutputFlags(new Command('remove')
    .description('Remove an intake question (answers already given are kept)')
    .argument('<id>', 'the question\'s id')
    .action((id: string, options: RowOptions) => runRemove(id, options, ctx)), FIELDS);
  return new Command('questions')
    .description('The intake questions the booking page asks: list, add, remove')
    .addHelpText('before', `Examples:
  $ practice booking questions
  $ practice booking questions add --id injuries --label "Any injuries or conditions?" --required
  $ practice booking questions add --id first --label "Is this your first visit?" --type yes-no
  $ practice booking questions add --id pressure --label "Pressure" --type choice --choices "light,medium,firm"
  $ practice booking questions remove pressure
`)
    .addCommand(list, { isDefault: true })
    .addCommand(add)
    .addCommand(remove);
}

function questionOf(options: AddOptions): Question {
  const id = options.id.trim();
  if (!ID.test(id)) throw new UsageError(`--id: expected 1 to 40 lower-case letters, digits, - or _; got '${options.id}'`);
  const label = options.label.trim();
  if (label === '' || label.length > MAX_LABEL) throw new UsageError(`--label: the question takes 1 to ${MAX_LABEL} characters`);
  const type: QuestionType = options.type === 'yes-no' ? 'yes_no' : options.type;
  if (type !== 'choice') {
    if (options.choices !== undefined) throw new UsageError('--choices: only a question of --type choice has choices');
    return { id, label, type, required: options.required === true };
  }
  const choices = [...new Set((options.choices ?? '').split(',').map((choice) => choice.trim()).filter((choice) => choice !== ''))];
  if (choices.length < 2 || choices.length > MAX_CHOICES || choices.some((choice) => choice.length > MAX_CHOICE)) {
    throw new UsageError(`--choices: a choice question needs 2 to ${MAX_CHOICES} choices of at most ${MAX_CHOICE} characters, comma-separated`);
  }
  return { id, label, type, choices, required: options.required === true };
}

/** The page's whole list written; --json prints the question added or removed, as other verbs print their row. */
async function writeQuestions(ctx: Context, page: BookingPage, questions: Question[], changed: Question, message: string, options: RowOptions): Promise<void> {
  await (await ctx.api()).update<BookingPage>('booking_pages', query<BookingPage>().eq('id', page.id), { questions });
  await reportChange(ctx, message, changed, COLUMNS, options);
}

async function runAdd(options: AddOptions, ctx: Context): Promise<void> {
  const question = questionOf(options);
  const page = await fetchPage(ctx);
  if (page.questions.some((asked) => asked.id === question.id)) {
    throw new CommandError(`The page already asks a question with the id ${question.id}.`, `Remove it first: practice booking questions remove ${question.id}`);
  }
  if (page.questions.length >= MAX_QUESTIONS) throw new CommandError(`The page asks ${MAX_QUESTIONS} questions already, the most it may.`);
  await writeQuestions(ctx, page, [...page.questions, question], question, `The page asks "${question.label}".`, options);
}

async function runRemove(id: string, options: RowOptions, ctx: Context): Promise<void> {
  const page = await fetchPage(ctx);
  const removed = page.questions.find((asked) => asked.id === id);
  if (removed === undefined) {
    throw new CommandError(`The page asks no question with the id ${id}.`, 'See `practice booking questions` for their ids.');
  }
  await writeQuestions(ctx, page, page.questions.filter((asked) => asked !== removed), removed, `The page no longer asks ${id}.`, options);
}
