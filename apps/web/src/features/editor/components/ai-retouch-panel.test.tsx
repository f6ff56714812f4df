import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETOUCH_DEFAULT_CONTROLS, editorMessages } from '@studio-gallery/contract';
import { renderWithProviders } from '../../../test/render';
import { AI_RETOUCH_PROGRESS, useAiRetouch } from '../hooks/use-ai-retouch';
import { AiRetouchPanel } from './ai-retouch-panel';
import { BeforeAfter } from './before-after';

const source = new Blob(['source-bytes'], { type: 'image/jpeg' });
const retouchedBase64 = btoa('retouched-jpeg');

interface HarnessProps {
  disabledReason?: string | null;
  canUse?: boolean;
  applied?: boolean;
  onApply?: () => void;
  onRemove?: () => void;
}

/** Mounted as the editor will: the hook's owner passes it to the panel and shows BeforeAfter while 'done'. */
function Harness({ disabledReason = null, canUse = true, applied = false, onApply = vi.fn(), onRemove = vi.fn() }: HarnessProps) {
  const retouch = useAiRetouch();
  return (
    <>
      <AiRetouchPanel retouch={retouch} source={source} disabledReason={disabledReason} canUse={canUse} loginHref="/login" applied={applied} onApply={onApply} onRemove={onRemove} />
      {retouch.state === 'done' && retouch.result ? (
        <div style={{ height: 300 }}>
          <BeforeAfter beforeUrl="blob:before" afterUrl={retouch.result.url} label="AI retouch" />
        </div>
      ) : null}
    </>
  );
}

interface Call {
  url: string;
  init?: RequestInit;
}

/** A fetch stub whose answers the test gives when it wants, in order of the calls. */
function deferredFetch() {
  const calls: Call[] = [];
  const pending: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      return new Promise<Response>((resolve) => pending.push(resolve));
    }),
  );
  const answer = (status: number, body: unknown) =>
    act(async () => {
      const resolve = pending.shift();
      if (!resolve) throw new Error('no call is waiting');
      resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
      await Promise.resolve();
    });
  return { calls, answer };
}

const ok = (message: string = editorMessages.portraitRetouched) => ({ success: true, message, processedImageBase64: retouchedBase64 });
const progressValue = () => Number(screen.getByRole('progressbar', { name: 'AI retouch progress' }).getAttribute('aria-valuenow'));

const urlStatics = URL as unknown as Record<string, unknown>;

// Mantine screens in jsdom take seconds under a full parallel run: a roomier timeout than vitest's 5 s.
describe('AiRetouchPanel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    // jsdom has no object URLs.
    urlStatics.createObjectURL = vi.fn(() => 'blob:retouched');
    urlStatics.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    delete urlStatics.createObjectURL;
    delete urlStatics.revokeObjectURL;
  });

  it('ticks the progress every 800 ms up to 95 %, stops there, and shows 100 % and the result when the answer comes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls, answer } = deferredFetch();
    renderWithProviders(<Harness />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retouch my photo' }));

    expect(progressValue()).toBe(0);
    expect(screen.getByText('0%')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(AI_RETOUCH_PROGRESS.tickMs - 1));
    expect(progressValue()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(progressValue()).toBe(AI_RETOUCH_PROGRESS.step);
    act(() => vi.advanceTimersByTime(AI_RETOUCH_PROGRESS.tickMs * 100));
    expect(progressValue()).toBe(95);
    expect(screen.getByText('95%')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(AI_RETOUCH_PROGRESS.tickMs * 10));
    expect(progressValue()).toBe(95);

    // Testing Library's waitFor polls with setInterval, which is faked here: it would only look again on a DOM
    // change and miss a call made after the last one. vi.waitFor polls on the real timers.
    await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 10_000 });
    expect(calls[0]!.url).toMatch(/\/ex\/images\/retouch-portrait$/);
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ ImageBase64: btoa('source-bytes'), strength: 0.5, ...RETOUCH_DEFAULT_CONTROLS });

    await answer(200, ok());
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(progressValue()).toBe(100);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(editorMessages.portraitRetouched))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'AI retouch: after' })).toHaveAttribute('src', 'blob:retouched');
    expect(screen.getByRole('slider', { name: 'Before and after divider' })).toHaveAttribute('aria-valuenow', '50');
    const created = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(created.type).toBe('image/jpeg');
    expect(await created.text()).toBe('retouched-jpeg');
  });

  it('offers the controls, all on; Keep moles needs Remove blemishes; the choices go with the call', async () => {
    const { calls } = deferredFetch();
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    for (const label of ['Remove blemishes', 'Keep moles', 'Reduce shine', 'Soften under-eyes', 'Even skin tone']) {
      expect(screen.getByRole('switch', { name: new RegExp(`^${label}`), hidden: true })).toBeChecked();
    }
    await user.click(screen.getByRole('switch', { name: /^Keep moles/, hidden: true }));
    await user.click(screen.getByRole('switch', { name: /^Reduce shine/, hidden: true }));
    expect(screen.getByRole('switch', { name: /^Keep moles/, hidden: true })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: /^Remove blemishes/, hidden: true }));
    expect(screen.getByRole('switch', { name: /^Keep moles/, hidden: true })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: /^Remove blemishes/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Retouch my photo' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]!.init?.body as string)).toMatchObject({ strength: 0.5, removeBlemishes: true, keepMoles: false, reduceShine: false, softenUnderEyes: true, evenSkinTone: true });
    // While the call runs (and while its result is shown) the switches are put away.
    expect(screen.queryByText('What to retouch')).not.toBeInTheDocument();
  });

  it('sends the chosen strength; Apply calls onApply; Cancel goes back to idle and revokes the result URL', async () => {
    const { calls, answer } = deferredFetch();
    const onApply = vi.fn();
    renderWithProviders(<Harness onApply={onApply} />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Strong'));
    await user.click(screen.getByRole('button', { name: 'Retouch my photo' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]!.init?.body as string)).toMatchObject({ strength: 0.8 });
    await answer(200, ok());

    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Retouch my photo' })).toBeEnabled();
    expect(screen.queryByRole('slider', { name: 'Before and after divider' })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:retouched');
  });

  it('cancelling while processing aborts the call', async () => {
    const { calls } = deferredFetch();
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retouch my photo' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls[0]!.init?.signal?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: 'Retouch my photo' })).toBeInTheDocument();
  });

  it('a failure shows "Failed to process image. Please try again." and Try again calls again', async () => {
    const { calls, answer } = deferredFetch();
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retouch my photo' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await answer(422, { message: 'Could not read the image.' });

    expect(await screen.findByText(editorMessages.processFailed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(progressValue()).toBe(0);
  });

  it('no face found: the message is a neutral notice and there is nothing to apply', async () => {
    const { calls, answer } = deferredFetch();
    renderWithProviders(<Harness />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retouch my photo' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await answer(200, ok(editorMessages.retouchNoFace));
    expect(await screen.findByText(editorMessages.retouchNoFace)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('under the passport preset the reason is shown and the button is disabled', () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<Harness disabledReason={editorMessages.passportNoRetouch} />);
    expect(screen.getByText(editorMessages.passportNoRetouch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retouch my photo' })).toBeDisabled();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('visitors see the login prompt instead of the button', () => {
    renderWithProviders(<Harness canUse={false} />);
    expect(screen.getByText(editorMessages.retouchNeedsLogin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Retouch my photo' })).not.toBeInTheDocument();
  });

  it('once applied: a notice and Remove retouch', async () => {
    const onRemove = vi.fn();
    renderWithProviders(<Harness applied onRemove={onRemove} />);
    expect(screen.getByText('AI retouch applied')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove retouch' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});

describe('BeforeAfter', () => {
  it('moves the divider with the arrow keys and by dragging', () => {
    renderWithProviders(<BeforeAfter beforeUrl="blob:a" afterUrl="blob:b" label="AI retouch" />);
    const slider = screen.getByRole('slider', { name: 'Before and after divider' });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveAttribute('aria-valuenow', '52');
    fireEvent.keyDown(slider, { key: 'ArrowLeft', shiftKey: true });
    expect(slider).toHaveAttribute('aria-valuenow', '42');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider).toHaveAttribute('aria-valuenow', '100');

    const box = screen.getByRole('group', { name: 'AI retouch' });
    vi.spyOn(box, 'getBoundingClientRect').mockReturnValue({ left: 100, top: 0, width: 200, height: 100, right: 300, bottom: 100, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(box, { pointerId: 1, button: 0, clientX: 150 });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 250 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByRole('img', { name: 'AI retouch: after' }).style.clipPath).toBe('inset(0 0 0 75%)');
    fireEvent.pointerUp(box, { pointerId: 1, clientX: 250 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 120 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
  });
});
