import { Button, Form, Grid, Steps } from 'antd';
import { HOT_RUNNER_TEMPERATURE_KEYS, MOLD_FORM_STEPS, MOLD_TEMPERATURE_KEYS } from '@mouldwatch/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { useSaveMold, type MoldRecord, type SavedMold } from '../api/moldRecord';
import { uploadMoldImage } from '../api/uploadMoldImage';
import { useMoldsTranslation } from '../catalog';
import { initialFormValues, requestBody } from '../model/formValues';
import { valuesInCelsius, valuesInUnit } from '../model/temperatures';
import {
  LAST_STEP,
  canGoTo,
  firstInvalidStep,
  serverFieldError,
  stepIssues,
  stepOfField,
  type FieldPath,
} from '../model/steps';
import { FormUnitContext, StepContext } from './SchemaItem';
import { TokenDialog, type ShownToken } from './TokenDialog';
import { ChannelsStep } from './steps/ChannelsStep';
import { InfoStep, type InfoStepProps } from './steps/InfoStep';
import { ProcessStep } from './steps/ProcessStep';
import { CounterStep, CycleTimeStep, VoltageStep } from './steps/SettingsSteps';

interface MoldFormProps {
  /** The mould being edited; undefined adds one. */
  stored?: MoldRecord;
  /** The form is done (saved, or the token shown after saving was closed). */
  onDone(): void;
}

interface FieldErrors {
  step: number;
  fields: Array<{ name: FieldPath; errors: string[] }>;
}

function stepBody(step: number, info: InfoStepProps): ReactNode {
  switch (MOLD_FORM_STEPS[step]?.key) {
    case 'info':
      return <InfoStep {...info} />;
    case 'process':
      return <ProcessStep stored={info.stored !== undefined} />;
    case 'hotRunner':
      return <ChannelsStep field="hot_temp_setting" max={HOT_RUNNER_TEMPERATURE_KEYS.length} />;
    case 'moldTemp':
      return <ChannelsStep field="mold_temp_setting" max={MOLD_TEMPERATURE_KEYS.length} />;
    case 'cycleTime':
      return <CycleTimeStep />;
    case 'counter':
      return <CounterStep />;
    default:
      return <VoltageStep />;
  }
}

/** Refusals (409) that name no field but can only be about the serial number. */
function refusalErrors(error: unknown, serialRefusals: string[]): FieldErrors | undefined {
  if (!(error instanceof ApiError) || !error.message) return undefined;
  const named = serverFieldError(error.message);
  if (named) {
    const step = stepOfField(String(named.path[0]));
    return step === undefined ? undefined : { step, fields: [{ name: named.path, errors: [named.text] }] };
  }
  if (serialRefusals.includes(error.message)) {
    return { step: stepOfField('device_no') ?? 0, fields: [{ name: ['device_no'], errors: [error.message] }] };
  }
  return undefined;
}

/**
 * The spec's multi-step mould form (add and edit): each step is checked with its shared schema
 * before Next lets the user on; values of every step stay while the user moves between them; Save
 * sends the whole form, then the image, and shows the device's token once when the save registered it.
 */
export function MoldForm({ stored, onDone }: MoldFormProps) {
  const { t } = useMoldsTranslation();
  const { t: tAll } = useTranslation();
  const [form] = Form.useForm();
  const screens = Grid.useBreakpoint();
  const [step, setStep] = useState(0);
  const [furthest, setFurthest] = useState(0);
  const [image, setImage] = useState<File | null>(null);
  const [token, setToken] = useState<ShownToken | null>(null);
  const [device, setDevice] = useState(stored?.device ?? null);
  const [shownErrors, setShownErrors] = useState<FieldErrors>();
  const [afterToken, setAfterToken] = useState<() => void>();
  const save = useSaveMold();
  // Temperatures are typed in the user's unit, fixed while the form is open; the API takes °C.
  const sessionUnit = useSession((state) => state.unit);
  const [unit] = useState(sessionUnit);
  const storedValues = useMemo(() => initialFormValues(stored), [stored]);
  const shownValues = useMemo(() => valuesInUnit(storedValues, unit), [storedValues, unit]);

  // Errors are put on a step's fields once they are on screen.
  useEffect(() => {
    if (shownErrors?.step === step) form.setFields(shownErrors.fields);
  }, [shownErrors, step, form]);

  const showErrorsOf = (target: number): boolean => {
    const issues = stepIssues(target, form.getFieldsValue(true), unit);
    const fields = issues.map((issue) => ({
      name: issue.path,
      errors: [tAll(issue.key, { ns: 'validation', ...issue.values })],
    }));
    setShownErrors({ step: target, fields });
    setStep(target);
    return issues.length === 0;
  };

  const goTo = (target: number) => {
    const currentValid = target <= step || stepIssues(step, form.getFieldsValue(true), unit).length === 0;
    if (!canGoTo(target, step, furthest, currentValid)) {
      showErrorsOf(step);
      return;
    }
    setStep(target);
    setFurthest((reached) => Math.max(reached, target));
  };

  const finish = async ({ saved, msg }: { saved: SavedMold; msg: string }) => {
    if (image) {
      try {
        await uploadMoldImage(saved.mold.id, image);
      } catch {
        toast.error(t('image.uploadFailed'));
      }
    }
    toast.success(msg);
    if (saved.device_token) {
      setToken({ deviceNo: saved.mold.device?.device_no ?? '', token: saved.device_token });
      setAfterToken(() => onDone);
    } else onDone();
  };

  const submit = () => {
    const values = form.getFieldsValue(true);
    const invalid = firstInvalidStep(values, unit);
    const body = requestBody(valuesInCelsius(values, unit, storedValues));
    if (invalid !== undefined || !body) {
      showErrorsOf(invalid ?? 0);
      return;
    }
    save.mutate(
      { id: stored?.id, body },
      {
        onSuccess: (answer) => void finish(answer),
        onError: (error) => {
          const errors = refusalErrors(error, [
            tAll('deviceNoTaken', { ns: 'server' }),
            tAll('deviceBoundElsewhere', { ns: 'server' }),
          ]);
          if (!errors) return;
          setShownErrors(errors);
          setStep(errors.step);
        },
      },
    );
  };

  const info: InfoStepProps = {
    stored: stored && { ...stored, device },
    image,
    onImage: setImage,
    onToken: setToken,
    onUnbound: () => {
      setDevice(null);
      form.setFieldValue('device_no', '');
      toast.success(tAll('modified', { ns: 'server' }));
    },
  };
  const stepTitles = MOLD_FORM_STEPS.map(({ key }) => ({ title: t(`form.steps.${key}`) }));
  return (
    <div className="mw-molds-form" data-testid="mold-form">
      {screens.lg ? (
        <Steps size="small" current={step} items={stepTitles} onChange={goTo} className="mw-molds-steps" />
      ) : (
        <div className="mw-molds-step-title" data-testid="mold-form-step-title">
          <span className="mw-molds-muted">{t('form.stepOf', { current: step + 1, total: LAST_STEP + 1 })}</span>
          <strong>{stepTitles[step]?.title}</strong>
        </div>
      )}
      <Form form={form} layout="vertical" initialValues={shownValues} className="mw-molds-form-body">
        <FormUnitContext value={unit}>
          <StepContext value={step}>{stepBody(step, info)}</StepContext>
        </FormUnitContext>
      </Form>
      <div className="mw-molds-form-footer">
        <Button onClick={onDone} data-testid="mold-form-cancel">
          {t('form.cancel')}
        </Button>
        <span className="mw-molds-form-nav">
          {step > 0 ? (
            <Button onClick={() => setStep(step - 1)} data-testid="mold-form-previous">
              {t('form.previous')}
            </Button>
          ) : null}
          {step < LAST_STEP ? (
            <Button type="primary" onClick={() => goTo(step + 1)} data-testid="mold-form-next">
              {t('form.next')}
            </Button>
          ) : (
            <Button type="primary" loading={save.isPending} onClick={submit} data-testid="mold-form-save">
              {t('form.save')}
            </Button>
          )}
        </span>
      </div>
      <TokenDialog
        shown={token}
        onClose={() => {
          setToken(null);
          afterToken?.();
        }}
      />
    </div>
  );
}
