/**
 * `connectSpark(url)`: a client of one Spark Connect server (one gRPC channel), and its
 * sessions. Nothing is sent until a session makes its first call; Spark creates a session on
 * the first request that names its id.
 */
import type { Channel } from 'nice-grpc';
import { SparkConnectServiceDefinition, type SparkConnectServiceClient } from './generated/spark/connect/service';
import { loadGrpc } from './lazy-packages';
import { createSparkSession, type SparkSession } from './session';
import { parseSparkUrl, type SparkConnectUrl } from './url';

/** Options of {@link connectSpark}. */
export interface SparkClientOptions {
  /** Sent as the requests' `client_type` (Spark logs it). Default `pipeline-service`. */
  readonly clientType?: string;
}

/** A client of one Spark Connect server. */
export interface SparkClient {
  /** The parsed URL (its token is never printed by the client's errors). */
  readonly url: SparkConnectUrl;
  /** A new session (a fresh UUID, or `sessionId`); Spark creates it on its first call. */
  session(options?: { readonly sessionId?: string }): SparkSession;
  /** Closes the channel; calls still running fail. */
  close(): void;
}

// Spark sends Arrow batches of up to spark.connect.grpc.arrow.maxBatchSize (4 MiB) plus framing;
// Spark's own clients accept 128 MiB messages, as gRPC's 4 MiB default is too small for them.
const DEFAULT_MAX_MESSAGE_BYTES = 128 * 1024 * 1024;

/** Connects to the Spark Connect server of `url` (`sc://host:port/;token=...;user_id=...`). */
export function connectSpark(url: string | SparkConnectUrl, options: SparkClientOptions = {}): SparkClient {
  const parsed = typeof url === 'string' ? parseSparkUrl(url) : url;
  const { ChannelCredentials, createChannel, createClient, Metadata } = loadGrpc();
  const channel: Channel = createChannel(
    parsed.address,
    parsed.useSsl ? ChannelCredentials.createSsl() : ChannelCredentials.createInsecure(),
    {
      'grpc.max_receive_message_length': parsed.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      'grpc.max_send_message_length': parsed.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      ...(parsed.userAgent === undefined ? {} : { 'grpc.primary_user_agent': parsed.userAgent }),
    },
  );
  const metadata = new Metadata();
  if (parsed.token !== undefined) metadata.set('authorization', `Bearer ${parsed.token}`);
  for (const [name, value] of Object.entries(parsed.headers)) metadata.set(name, value);
  const client: SparkConnectServiceClient = createClient(SparkConnectServiceDefinition, channel, { '*': { metadata } });
  const clientType = options.clientType ?? 'pipeline-service';
  return {
    url: parsed,
    session(sessionOptions = {}) {
      return createSparkSession({ client, url: parsed, clientType, ...(sessionOptions.sessionId === undefined ? {} : { sessionId: sessionOptions.sessionId }) });
    },
    close() {
      channel.close();
    },
  };
}
