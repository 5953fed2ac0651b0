// A multipart/form-data body with one file field, for upload routes under app.inject.
export function multipart(field: string, filename: string, type: string, content: string) {
  const boundary = '----consoleTestBoundary7MA4YWxk';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
