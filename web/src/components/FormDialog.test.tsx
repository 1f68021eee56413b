import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fillJsdomGaps } from '../test/fixtures';
import { FormDialog } from './FormDialog';

beforeAll(fillJsdomGaps);
afterEach(cleanup);

interface Values {
  name: string;
}

/** A page that opens the dialog for a record, as the renewal and work-order screens do. */
function Page({ onSave, initial = 'Ann' }: { onSave(values: Values): Promise<void>; initial?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <FormDialog<Values>
        open={open}
        title="Name the record"
        okText="Save it"
        cancelText="Leave"
        maxWidth={400}
        initialValues={{ name: initial }}
        onSave={onSave}
        onClose={() => setOpen(false)}
        header={<p>About the record</p>}
        okTestId="dialog-ok"
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[{ validator: async (_, value: string) => (value ? undefined : Promise.reject(new Error('Needed'))) }]}
        >
          <Input data-testid="name" />
        </Form.Item>
      </FormDialog>
    </>
  );
}

const state = () => screen.getByTestId('state').textContent;

describe('FormDialog', () => {
  it('shows the title, the header, the fields with their initial values and the named buttons', async () => {
    render(<Page onSave={vi.fn()} />);
    expect(await screen.findByText('Name the record')).toBeTruthy();
    expect(screen.getByText('About the record')).toBeTruthy();
    expect((screen.getByTestId('name') as HTMLInputElement).value).toBe('Ann');
    expect(screen.getByTestId('dialog-ok').textContent).toContain('Save it');
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy();
  });

  it('checks the rules before saving: an invalid form is not sent and stays open', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<Page onSave={onSave} initial="" />);
    fireEvent.click(await screen.findByTestId('dialog-ok'));
    expect(await screen.findByText('Needed')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    expect(state()).toBe('open');
  });

  it('sends the values, is busy while saving, and closes once saved', async () => {
    let finish: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Page onSave={onSave} />);
    fireEvent.change(await screen.findByTestId('name'), { target: { value: 'Bo' } });
    fireEvent.click(screen.getByTestId('dialog-ok'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Bo' }));
    await waitFor(() => expect(screen.getByTestId('dialog-ok').className).toContain('ant-btn-loading'));
    expect(state()).toBe('open');
    finish();
    await waitFor(() => expect(state()).toBe('closed'));
  });

  it('stays open, no longer busy, when the call was refused', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('refused');
    });
    render(<Page onSave={onSave} />);
    fireEvent.click(await screen.findByTestId('dialog-ok'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('dialog-ok').className).not.toContain('ant-btn-loading'));
    expect(state()).toBe('open');
  });

  it('closes on cancel without saving', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<Page onSave={onSave} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(state()).toBe('closed'));
    expect(onSave).not.toHaveBeenCalled();
  });
});
