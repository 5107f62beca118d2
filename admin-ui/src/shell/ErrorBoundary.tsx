import { Component, type ReactNode } from 'react';
import { appEvents } from './events';

/**
 * Outside react-admin's layout (sign-in pages, 404), a rendering error would blank the page: this
 * keeps the global dialogs mounted and hands the error to the unexpected-error dialog.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    appEvents.emit({ type: 'unexpected', error });
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
