import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { fillJsdomGaps } from '../../../test/fixtures';
import { FormDialog } from './FormDialog';

beforeAll(fillJsdomGaps);
afterEach(cleanup);

function Dialog({ onSubmit, onClose }: { onSubmit(values: { name: string }): Promise<unknown>; onClose(): void }) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormDialog
      title="Add"
      form={form}
      initialValues={{ name: 'Taken' }}
      saving={false}
      onSubmit={onSubmit}
      nameTakenText="That name is taken"
      onClose={onClose}
      testId="dialog"
    >
      <Form.Item name="name" label="Name">
        <Input data-testid="dialog-name" />
      </Form.Item>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('saves the values and closes', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    render(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('dialog-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Taken' });
  });

  it('stays open with the name-taken text under the name on a 409', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError('name: taken', 'envelope', 409, 4000));
    const onClose = vi.fn();
    render(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('dialog-save'));
    await waitFor(() => expect(screen.getByTestId('dialog-form').textContent).toContain('That name is taken'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stays open, showing nothing more, on any other failure (the client has told the user)', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError('down', 'network'));
    const onClose = vi.fn();
    render(<Dialog onSubmit={onSubmit} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('dialog-save'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('dialog-form').textContent).not.toContain('That name is taken');
  });
});
