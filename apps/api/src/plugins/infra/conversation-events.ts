import fp from 'fastify-plugin';
import { createRedisChannel } from '../../lib/redis-pubsub.ts';
import { ConversationBus, type ConversationEvent, parseEvent } from '../../services/conversations/event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** New-message events for the open GET /api/user/events streams, on whichever node they are (ADR 034). */
    conversationEvents: {
      bus: ConversationBus;
      /** Tells every node; never throws (a lost event is only a late one: the thread is read from the database). */
      publish: (event: ConversationEvent) => Promise<void>;
    };
  }
}

export const CONVERSATION_EVENTS_CHANNEL = 'baan:conversations:events';

/**
 * With REDIS_URL the events go through a Redis channel every node subscribes to (the writer's node hears its own
 * events there too); without it, or when Redis does not take one, they are delivered on this node only.
 */
export default fp(
  async (app) => {
    const bus = new ConversationBus();
    let publish = async (event: ConversationEvent) => bus.deliver(event);
    if (app.config.redisUrl) {
      const channel = createRedisChannel({
        url: app.config.redisUrl,
        channel: CONVERSATION_EVENTS_CHANNEL,
        log: app.log,
        connectionName: 'baan-conversations',
        onMessage: (message) => {
          const event = parseEvent(message);
          if (event) bus.deliver(event);
        },
      });
      publish = async (event) => {
        if (!(await channel.publish(JSON.stringify(event)))) bus.deliver(event);
      };
      app.addHook('onReady', async () => {
        if (!(await channel.connect(3_000))) app.log.warn('conversation events: not subscribed to Redis yet');
      });
      app.addHook('onClose', async () => channel.close());
    }
    app.decorate('conversationEvents', { bus, publish });
  },
  { name: 'conversation-events', dependencies: ['config'] },
);
