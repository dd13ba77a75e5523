import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_HIDE_MS } from '../../shared/domain/constants';
import { ToastProvider } from '../../web/src/components/toast/toast-provider';
import { useToast } from '../../web/src/components/toast/use-toast';
import { resetWebTestState } from './support/render-app';

function SaveButton() {
  const toast = useToast();
  return <button onClick={() => toast.success('Copied successfully!')}>Copy</button>;
}

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetWebTestState();
  });

  it('hide themselves after 3 s', () => {
    // Prepare
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    // Assess
    expect(screen.getByRole('status').textContent).toContain('Copied successfully!');
    act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 1));
    expect(screen.queryByText('Copied successfully!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied successfully!')).toBeNull();
  });

  it('can be dismissed before that', () => {
    // Prepare
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss alert' }));
    // Assess
    expect(screen.queryByText('Copied successfully!')).toBeNull();
  });
});
