import { describe, expect, it, vi } from 'vitest';
import { onFirstUse } from './feedback';

/** A load that settles when the test says so. */
function controlledLoad() {
  const settle: Array<{ resolve: (host: string) => void; reject: (error: Error) => void }> = [];
  const load = vi.fn(() => new Promise<string>((resolve, reject) => settle.push({ resolve, reject })));
  return { load, settle };
}

const turns = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('onFirstUse: the popups of one kind, loaded on first use', () => {
  it('loads once and shows what was asked for while loading in the order asked', async () => {
    const { load, settle } = controlledLoad();
    const withHost = onFirstUse(load);
    const shown: string[] = [];
    for (const name of ['first', 'second', 'third', 'fourth']) withHost((host) => shown.push(`${host}:${name}`));
    settle[0]!.resolve('host');
    await turns();
    expect(load).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['host:first', 'host:second', 'host:third', 'host:fourth']);

    withHost((host) => shown.push(`${host}:later`));
    await turns();
    expect(load).toHaveBeenCalledTimes(1);
    expect(shown.at(-1)).toBe('host:later');
  });

  it('tries to load again on the next popup after a failed load', async () => {
    const { load, settle } = controlledLoad();
    const withHost = onFirstUse(load);
    const failures = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown: string[] = [];
    withHost(() => shown.push('lost'));
    settle[0]!.reject(new Error('chunk failed'));
    await turns();
    expect(failures).toHaveBeenCalledWith('feedback popups failed to load', expect.any(Error));

    withHost((host) => shown.push(host));
    expect(load).toHaveBeenCalledTimes(2);
    settle[1]!.resolve('reloaded');
    await turns();
    expect(shown).toEqual(['reloaded']);
    failures.mockRestore();
  });
});
