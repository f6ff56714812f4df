import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SURVEY_QUESTION_KINDS, type SurveyQuestionKind, surveyFormKey } from '@studio-gallery/contract';
import type { Kysely } from 'kysely';
import { systemClock } from '../clock';
import type { Database } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { NewSurveyQuestion } from '../modules/surveys/surveys.repository';
import { SurveysRepository } from '../modules/surveys/surveys.repository';
import { SurveysService } from '../modules/surveys/surveys.service';

export const SURVEYS_USAGE = `  npm run studio -- surveys add --form-key <key> --title "Title" --question "<kind>[!]:<label>[:<option>|<option>...]" ...
  npm run studio -- surveys list
  npm run studio -- surveys export <form-key> [--out answers.csv]
  npm run studio -- surveys disable <form-key> | enable <form-key>

The survey shown before the Set Password form of /reset/finish when the entry link's q holds its
form key as formid. A question is text, choice (options after a last ':', separated by |) or yesno;
a ! after the kind makes it required, e.g. --question "text:Your job title"
--question "choice!:How did you hear about us?:Friend|Search|Event" --question "yesno!:May we use your photo?".
export writes the answers as CSV (RFC 4180), to stdout or --out.`;

/** A wrong command line: studio.ts prints it with the usage. */
export class SurveysUsageError extends Error {}

/** `kind[!]:label[:a|b|c]` → a question. */
export function parseQuestion(spec: string): NewSurveyQuestion {
  const colon = spec.indexOf(':');
  if (colon < 0) throw new SurveysUsageError(`--question "${spec}" must look like kind:label`);
  const head = spec.slice(0, colon).trim();
  const required = head.endsWith('!');
  const kind = (required ? head.slice(0, -1) : head) as SurveyQuestionKind;
  if (!SURVEY_QUESTION_KINDS.includes(kind)) throw new SurveysUsageError(`--question kind must be text, choice or yesno (got "${head}")`);
  let label = spec.slice(colon + 1);
  let options: string[] | undefined;
  if (kind === 'choice') {
    const last = label.lastIndexOf(':');
    if (last < 0) throw new SurveysUsageError(`--question "${spec}": a choice lists its options after a last ':' (a|b|c)`);
    options = label
      .slice(last + 1)
      .split('|')
      .map((o) => o.trim())
      .filter((o) => o.length > 0);
    label = label.slice(0, last);
    if (options.length < 2 || new Set(options).size !== options.length) throw new SurveysUsageError(`--question "${spec}": a choice needs two or more different options`);
  }
  label = label.trim();
  if (!label || label.length > 300) throw new SurveysUsageError(`--question "${spec}": the label must be 1 to 300 characters`);
  return { kind, label, required, ...(options ? { options } : {}) };
}

export async function runSurveys(argv: string[], db: Kysely<Database>): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'form-key': { type: 'string' },
      title: { type: 'string' },
      question: { type: 'string', multiple: true },
      out: { type: 'string' },
    },
  });
  const [action, argument, ...extra] = positionals;
  if (extra.length > 0) throw new SurveysUsageError('surveys takes one action and at most one argument');
  const surveys = new SurveysService(new SurveysRepository(db), systemClock);
  const formKeyOf = (value: string | undefined, what: string) => {
    const parsed = surveyFormKey.safeParse(value ?? '');
    if (!parsed.success) throw new SurveysUsageError(`${what} must be a form key of letters, digits, ., _ and - (at most 100)`);
    return parsed.data;
  };
  try {
    switch (action) {
      case 'add': {
        const formKey = formKeyOf(values['form-key'], '--form-key');
        const title = values.title?.trim() ?? '';
        if (!title) throw new SurveysUsageError('--title "Title" is required');
        const questions = (values.question ?? []).map(parseQuestion);
        if (questions.length === 0) throw new SurveysUsageError('add at least one --question');
        const created = await surveys.create(formKey, title, questions);
        process.stderr.write(`Survey "${created.title}" added with ${created.questions.length} questions; link it with formid "${created.formKey}" in q.\n`);
        process.stdout.write(`${created.formKey}\n`);
        return 0;
      }
      case 'list': {
        const rows = await surveys.list();
        if (rows.length === 0) process.stderr.write('No surveys.\n');
        for (const row of rows) {
          process.stdout.write(
            `${row.form_key}\t${row.active === 1 ? 'active' : 'inactive'}\t${row.question_count} questions\t${row.response_count} answers\t${row.title}\n`,
          );
        }
        return 0;
      }
      case 'export': {
        const csv = await surveys.exportCsv(formKeyOf(argument, 'surveys export <form-key>'));
        if (values.out) {
          await fs.writeFile(path.resolve(values.out), csv);
          process.stderr.write(`Answers written to ${values.out}\n`);
        } else {
          process.stdout.write(csv);
        }
        return 0;
      }
      case 'disable':
      case 'enable': {
        const formKey = formKeyOf(argument, `surveys ${action} <form-key>`);
        await surveys.setActive(formKey, action === 'enable');
        process.stderr.write(`Survey ${formKey} ${action}d.\n`);
        return 0;
      }
      default:
        throw new SurveysUsageError('surveys takes add, list, export, disable or enable');
    }
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ValidationError || error instanceof ConflictError) throw new SurveysUsageError(error.message);
    throw error;
  }
}
