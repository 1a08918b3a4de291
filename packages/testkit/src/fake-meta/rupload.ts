// rupload.facebook.com: `POST /ig-api-upload/{v}/{container-id}` and
// `POST /video-upload/{v}/{video-id}` with `Authorization: OAuth {token}`, `offset` and
// `file_size`. Bytes that arrived before a connection broke stay, so a client resumes at the
// offset the fake holds; a POST at any other offset is refused with that offset in the answer.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../fake-apify/http-io.ts';
import { drain } from '../fake-google/video-resource.ts';
import { sendRuploadError } from './graph-io.ts';
import { bytesComplete } from './instagram-api.ts';
import { mayActFor, ownerOfInstagram, ownerOfPage } from './pages-api.ts';
import type { FakeMetaPost, FakeMetaState } from './state.ts';

export async function handleRupload(
  state: FakeMetaState,
  req: IncomingMessage,
  res: ServerResponse,
  platform: 'instagram' | 'facebook',
  remoteId: string,
): Promise<void> {
  const token = /^OAuth\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const grant = token ? state.tokens.get(token) : undefined;
  const dead =
    grant &&
    (grant.dead !== undefined || (grant.expiresAt !== undefined && grant.expiresAt <= Date.now()));
  if (!grant || dead) {
    await drain(req);
    sendRuploadError(res, 401, 'AuthorizationError', 'Invalid OAuth access token.');
    return;
  }
  const post = state.posts.find((p) => p.platform === platform && p.remoteId === remoteId);
  const owner = post
    ? platform === 'instagram'
      ? ownerOfInstagram(state, post.target)
      : ownerOfPage(state, post.target)
    : undefined;
  if (
    !post ||
    !owner ||
    !mayActFor(grant, owner) ||
    (platform === 'facebook' && grant.kind !== 'page')
  ) {
    await drain(req);
    sendRuploadError(res, 404, 'NotFoundError', `No upload session ${remoteId} for this token.`);
    return;
  }
  const offset = integerHeader(req, 'offset');
  const fileSize = integerHeader(req, 'file_size');
  if (offset === undefined || fileSize === undefined || fileSize <= 0) {
    await drain(req);
    sendRuploadError(
      res,
      400,
      'BadRequestError',
      'The offset and file_size headers are required integers.',
    );
    return;
  }
  if (post.source !== 'upload' || post.state === 'expired' || post.state === 'error') {
    await drain(req);
    sendRuploadError(res, 400, 'ProcessingFailedError', 'This media no longer takes bytes.');
    return;
  }
  if (post.size !== undefined && fileSize !== post.size) {
    await drain(req);
    sendRuploadError(
      res,
      400,
      'FileSizeMismatch',
      `file_size ${fileSize} differs from ${post.size} sent before.`,
    );
    return;
  }
  post.size = fileSize;
  if (offset !== post.bytes) {
    await drain(req);
    post.uploads.push({ offset, fileSize, bytes: 0, status: 400 });
    sendRuploadError(
      res,
      400,
      'OffsetMismatch',
      `Wrong offset ${offset}: the upload holds ${post.bytes} bytes, send from offset ${post.bytes}.`,
      {
        offset: post.bytes,
      },
    );
    return;
  }
  await receive(state, req, res, post, offset, fileSize);
}

async function receive(
  state: FakeMetaState,
  req: IncomingMessage,
  res: ServerResponse,
  post: FakeMetaPost,
  offset: number,
  fileSize: number,
): Promise<void> {
  const record = { offset, fileSize, bytes: 0, status: 0 };
  post.uploads.push(record);
  const hash = state.hashes.get(post.remoteId) ?? createHash('sha256');
  state.hashes.set(post.remoteId, hash);
  const cut = state.cutNextUploadAfter;
  state.cutNextUploadAfter = undefined;
  let tooMany = false;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      let piece = chunk;
      if (cut !== undefined && record.bytes + piece.length >= cut)
        piece = piece.subarray(0, cut - record.bytes);
      if (post.bytes + piece.length > fileSize) {
        tooMany = true;
        piece = piece.subarray(0, fileSize - post.bytes);
      }
      hash.update(piece);
      post.bytes += piece.length;
      record.bytes += piece.length;
      if (cut !== undefined && record.bytes >= cut) {
        req.socket.destroy();
        return;
      }
    }
  } catch {
    return; // The client went away; what arrived stays.
  }
  if (tooMany) {
    record.status = 400;
    sendRuploadError(
      res,
      400,
      'FileSizeMismatch',
      `More bytes than file_size ${fileSize}; the extra bytes were dropped.`,
    );
    return;
  }
  if (post.bytes === fileSize && post.sha256 === undefined) {
    post.sha256 = hash.digest('hex');
    state.hashes.delete(post.remoteId);
    bytesComplete(state, post);
  }
  record.status = 200;
  sendJson(
    res,
    200,
    post.platform === 'instagram'
      ? { success: true, message: 'Upload successful.' }
      : { success: true },
  );
}

function integerHeader(req: IncomingMessage, name: string): number | undefined {
  const value = req.headers[name];
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}
