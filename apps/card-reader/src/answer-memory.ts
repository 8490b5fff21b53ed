import { CARD_READER_ANSWER_MEMORY } from "@washboard/shared";

/**
 * The last answers by request_id. The console resends a request it got no answer to within a
 * second; a write must not land twice because of that, so a repeated id gets the first answer,
 * even one still being worked out, and the work is never started again.
 */
export class AnswerMemory<Answer> {
  private readonly answers = new Map<string, Promise<Answer>>();

  constructor(private readonly capacity = CARD_READER_ANSWER_MEMORY) {}

  /** The answer to `requestId`: the remembered one, or `work()`'s, which is remembered from now on. */
  answer(requestId: string, work: () => Promise<Answer>): Promise<Answer> {
    const remembered = this.answers.get(requestId);
    if (remembered !== undefined) return remembered;
    const answer = work();
    this.answers.set(requestId, answer);
    // A Map iterates in insertion order: the first key is the oldest answer.
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.capacity) break;
      this.answers.delete(oldest);
    }
    return answer;
  }

  get size(): number {
    return this.answers.size;
  }
}
