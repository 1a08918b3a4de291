// Meta (Facebook Login for Business, Graph API, rupload) for publishing Reels to Facebook Pages
// and their linked Instagram professional accounts. No SDK: global fetch.
export {
  META_DEFAULT_ENDPOINTS,
  graphRequest,
  type GraphCall,
  type MetaEndpoints,
} from './http.ts';
export {
  containerError,
  graphError,
  metaNetworkError,
  metaResponseError,
  type GraphErrorBody,
  type MetaPlatform,
} from './errors.ts';
export {
  META_SCOPES,
  buildMetaAuthUrl,
  exchangeLongLivedToken,
  exchangeMetaCode,
  parseMetaCallback,
  type MetaAppCredentials,
  type MetaCallback,
  type MetaUserToken,
} from './oauth.ts';
export { getMetaUser, listMetaDestinations, type MetaDestination } from './pages.ts';
export {
  facebookUploadUrl,
  instagramUploadUrl,
  sendRupload,
  type RuploadOptions,
  type RuploadResult,
} from './rupload.ts';
export {
  createReelContainer,
  listRecentMedia,
  publishReel,
  readContainerStatus,
  readMediaPermalink,
  readPublishingLimit,
  uploadReelBytes,
  type ContainerStatus,
  type ContainerStatusCode,
  type PublishedReel,
  type PublishingLimit,
  type ReelContainer,
} from './instagram.ts';
export {
  finishPageReel,
  readPageReelStatus,
  startPageReel,
  uploadPageReelBytes,
  type PageReelState,
  type PageReelStatus,
} from './facebook.ts';
export {
  SignedRequestError,
  parseSignedRequest,
  type SignedRequestPayload,
  type SignedRequestProblem,
} from './signed-request.ts';
