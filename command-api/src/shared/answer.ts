/** What a command handler gives back: the body, and the position of its last event (if it wrote any). */
export class Answer<T = unknown> {
  constructor(
    readonly body: T,
    readonly position?: string,
    readonly status = 200,
    /**
     * Leave X-Position out even when events were written: whether anything was written must not show
     * (a password reset for an unknown e-mail writes nothing, and must look the same).
     */
    readonly concealPosition = false,
    /**
     * Work that must wait until the command is stored and talks to the world outside (a standard
     * invoice cleared by the tax authority): run after the commit, outside the command's unit, and its
     * answer is sent instead. A retry with the same idempotency key gets the first, stored answer.
     */
    readonly afterCommit?: (position?: string) => Promise<Answer<T>>,
  ) {}
}
