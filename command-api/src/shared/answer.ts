/** What a command handler gives back: the body, and the position of its last event (if it wrote any). */
export class Answer<T = unknown> {
  constructor(
    readonly body: T,
    readonly position?: string,
    readonly status = 200,
  ) {}
}
