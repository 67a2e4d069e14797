/** What every progress reporter is (a leaf module: the reporters and their chooser import it). */
import type { BuildEvent } from '../../site/progress.js';

/** Where progress text goes. */
export interface TextOut {
  write(text: string): unknown;
}

/** Shows the events of one build; `close` ends any bar still drawn (on failure or interrupt too). */
export interface Reporter {
  event(e: BuildEvent): void;
  close(): void;
}
