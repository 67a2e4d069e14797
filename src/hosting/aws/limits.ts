/** Lambda@Edge's limit on an origin-request function's zipped package, in bytes (AWS, "Quotas on Lambda@Edge"). */
export const LAMBDA_ZIP_LIMIT = 50 * 1024 * 1024;
