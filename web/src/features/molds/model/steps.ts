import { MOLD_FORM_STEPS, type TemperatureUnit, type ValidationMessageKey } from '@mouldwatch/shared';
import { isValidationKey, refusesEmpty } from '../../../lib/forms';
import type { MoldFormValues } from './formValues';
import { temperatureMeasureAt, temperatureRangeInUnit, tooPreciseInUnit, valuesInCelsius } from './temperatures';

/** A field of the form as antd names it: the schema's path (['hot_temp_setting', 0, 'name']). */
export type FieldPath = Array<string | number>;

export interface FieldIssue {
  path: FieldPath;
  key: ValidationMessageKey;
  /** What the message names (a temperature's bounds in the user's unit). */
  values?: Record<string, string | number>;
}

export const STEP_COUNT = MOLD_FORM_STEPS.length;
export const LAST_STEP = STEP_COUNT - 1;

/** The shared rule's bounds of a setting, named in its own message for a temperature (with its unit). */
const RANGE_KEYS: ReadonlySet<ValidationMessageKey> = new Set(['range1to500', 'notZero']);

/**
 * The issue of a channel temperature typed in `unit`: the shared rule judges its °C value, but the
 * user reads its bounds in their unit; in °F, one decimal as every °F figure.
 */
function temperatureIssue(issue: FieldIssue, unit: TemperatureUnit): FieldIssue {
  const measure = temperatureMeasureAt(issue.path);
  if (!measure || !RANGE_KEYS.has(issue.key)) return issue;
  return { path: issue.path, key: 'temperatureRange', values: temperatureRangeInUnit(unit, measure) };
}

/**
 * What the shared schema of step `step` finds wrong in the form's values, one issue per field. The
 * form shows channel temperatures in the user's `unit`: the schema judges them in °C, as the API will.
 */
export function stepIssues(step: number, values: unknown, unit: TemperatureUnit = 'C'): FieldIssue[] {
  const schema = MOLD_FORM_STEPS[step]?.schema;
  if (!schema) return [];
  const shown = values as MoldFormValues;
  const issues: FieldIssue[] = tooPreciseInUnit(shown, unit)
    .filter(([list]) => Object.hasOwn(schema.shape, list))
    .map((path) => ({ path, key: 'oneDecimal' }));
  const seen = new Set(issues.map((issue) => issue.path.join('.')));
  const result = schema.safeParse(valuesInCelsius(shown, unit));
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const id = path.join('.');
    if (seen.has(id)) continue;
    seen.add(id);
    const key = isValidationKey(issue.message) ? issue.message : 'required';
    issues.push(temperatureIssue({ path, key }, unit));
  }
  return issues;
}

/** The first step whose values do not pass, or undefined when the whole form does. */
export function firstInvalidStep(values: unknown, unit: TemperatureUnit = 'C'): number | undefined {
  const index = MOLD_FORM_STEPS.findIndex((_, step) => stepIssues(step, values, unit).length > 0);
  return index === -1 ? undefined : index;
}

/** The step showing a top-level field (undefined for a field no step shows). */
export function stepOfField(field: string): number | undefined {
  const index = MOLD_FORM_STEPS.findIndex((step) => Object.hasOwn(step.schema.shape, field));
  return index === -1 ? undefined : index;
}

/**
 * Where the user may go from `current`: back to any step; forward only when the current step
 * passes, and then to the next step or to one reached before (`furthest`) — no step is skipped
 * unchecked.
 */
export function canGoTo(target: number, current: number, furthest: number, currentValid: boolean): boolean {
  if (target < 0 || target > LAST_STEP) return false;
  if (target <= current) return true;
  return currentValid && (target === current + 1 || target <= furthest);
}

/** A dotted field path standing alone (not the end of a longer word) and followed by ": ". */
const NAMED_FIELD = /(?<![\p{L}\p{N}_.])([a-z_]+(?:\.[a-z0-9_]+)*): /gu;

/**
 * The field a server refusal names: a 400 message reads "<prefix>: <path>: <text>" in any language
 * ("Invalid input: cycle_time_setting.early: …"), so the first path of a form field followed by
 * ": " is it. Answers the path and the text after it, or undefined when no form field is named.
 */
export function serverFieldError(message: string): { path: FieldPath; text: string } | undefined {
  for (const match of message.matchAll(NAMED_FIELD)) {
    const path = (match[1] ?? '').split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    if (typeof path[0] === 'string' && stepOfField(path[0]) !== undefined) {
      return { path, text: message.slice(match.index + match[0].length).trim() };
    }
  }
  return undefined;
}

const samePath = (a: FieldPath, b: FieldPath) => a.length === b.length && a.every((part, index) => part === b[index]);

/** The issue of one field on its step, if any. */
export function issueAt(
  step: number,
  values: unknown,
  path: FieldPath,
  unit: TemperatureUnit = 'C',
): FieldIssue | undefined {
  return stepIssues(step, values, unit).find((issue) => samePath(issue.path, path));
}

/** A value at `path` and nothing else: `{ hot_temp_setting: [ , { name: '' } ] }`. */
function valueAt(path: FieldPath, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = valueAt(rest, value);
  if (typeof head === 'number') {
    const list: unknown[] = [];
    list[head] = inner;
    return list;
  }
  return { [head]: inner };
}

const requiredFields = new Map<string, boolean>();

/**
 * Whether the step's schema refuses the field left empty (absent, null, or ''): the form marks it
 * required, as the other forms mark theirs.
 */
export function isRequiredAt(step: number, path: FieldPath): boolean {
  const id = `${step}:${path.join('.')}`;
  let required = requiredFields.get(id);
  if (required === undefined) {
    required = refusesEmpty((empty) => issueAt(step, valueAt(path, empty), path));
    requiredFields.set(id, required);
  }
  return required;
}
