import type { CommandAck } from "@washboard/device-protocol";

/**
 * The answers a device gave, by command id, so a command delivered again (QoS 1 redelivery, a
 * server retry) is answered the same and not acted on twice. Only the latest answers are kept:
 * a server does not retry a command for longer than a thousand others take.
 */
export class CommandMemory {
  private readonly answers = new Map<string, CommandAck>();

  constructor(private readonly capacity = 1000) {}

  answerTo(id: string): CommandAck | undefined {
    return this.answers.get(id);
  }

  remember(ack: CommandAck): void {
    this.answers.set(ack.id, ack);
    if (this.answers.size > this.capacity) {
      // A Map iterates in insertion order, so its first key is the oldest answer.
      const oldest = this.answers.keys().next();
      if (!oldest.done) this.answers.delete(oldest.value);
    }
  }
}
