import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logger } from '@/lib/logger';
import { componentNameFromStack, newErrorId, type ErrorReport } from './error-details';
import { ErrorFallback } from './error-fallback';

interface Props {
  children: ReactNode;
  /**
   * Which part of the screen this boundary guards (e.g. "page /quotes"). Logged with the component name, which
   * production builds minify.
   */
  name: string;
  /** A change of this value clears the error (e.g. the route path). */
  resetKey?: unknown;
  /** Replaces the default fallback screen (e.g. a silent placeholder for a side widget). */
  fallback?: (report: ErrorReport, reset: () => void) => ReactNode;
}

interface State {
  report: ErrorReport | null;
  resetKey: unknown;
}

/** Catches rendering errors, posts them through the logger with the component name, shows the fallback (error-fallback.tsx). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { report: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return {
      report: {
        errorId: newErrorId(),
        message: error instanceof Error ? error.message || error.name : String(error),
        stack: error instanceof Error ? (error.stack ?? null) : null,
        componentStack: null,
      },
    };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, report: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const componentStack = info.componentStack ?? null;
    const component = componentNameFromStack(componentStack) ?? 'inconnu';
    const report = this.state.report;
    const errorId = report?.errorId ?? newErrorId();
    if (report) this.setState({ report: { ...report, componentStack } });
    const boundary = this.props.name;
    logger.error(`Erreur de rendu dans ${component} (${boundary}) : ${report?.message ?? String(error)}`, {
      stack: error instanceof Error ? (error.stack ?? null) : null,
      context: { kind: 'render', component, boundary, componentStack, errorId, url: window.location.href },
    });
  }

  reset = (): void => {
    this.setState({ report: null });
  };

  override render(): ReactNode {
    const { report } = this.state;
    if (!report) return this.props.children;
    if (this.props.fallback) return this.props.fallback(report, this.reset);
    return <ErrorFallback report={report} onReset={this.reset} />;
  }
}
