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
  ) {}
}
