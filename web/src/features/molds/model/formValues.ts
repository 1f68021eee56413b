import {
  moldFormSchema,
  moldFormValues,
  type MoldForm,
  type MoldFormInput,
  type MoldFormSource,
} from '@mouldwatch/shared';

/** The form's values: the shared form schema's input, every field possibly still empty. */
export type MoldFormValues = Partial<MoldFormInput>;

const emptyChannel = () => ({ name: '', set: null, alert: null });

/**
 * Where the form starts: a stored mould's values (edit), or the spec's default record (add) —
 * starting cycle count 0, both temperature switches on, thermocouple J, two empty channels of each
 * kind to type into.
 */
export function initialFormValues(stored?: MoldFormSource): MoldFormValues {
  if (stored) return moldFormValues(stored);
  return {
    start_count: 0,
    thermocouple_type: 0,
    time_zone: '',
    time_zone_city: '',
    launch_listen: 0,
    temp_switch: { hrs_switch: 1, mold_switch: 1 },
    hot_temp_setting: [emptyChannel(), emptyChannel()],
    mold_temp_setting: [emptyChannel(), emptyChannel()],
  };
}

/**
 * The body of POST/PUT /api/yudata/mold_setting/ from the form's values (all steps, also those not
 * on screen), or undefined when they do not pass the shared schema (the steps say where).
 */
export function requestBody(values: MoldFormValues): MoldForm | undefined {
  const result = moldFormSchema.safeParse(values);
  return result.success ? result.data : undefined;
}
