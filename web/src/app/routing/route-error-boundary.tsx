import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { UNKNOWN_ERROR_MESSAGE } from '@shared/contracts/envelope';

interface RouteErrorBoundaryState {
  failed: boolean;
}

/** A screen that throws while rendering (or whose chunk fails to load) shows an error and a reload button. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): RouteErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Flex direction="column" alignItems="center" padding="large" gap="medium">
        <Alert variation="error">{UNKNOWN_ERROR_MESSAGE}</Alert>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Flex>
    );
  }
}
