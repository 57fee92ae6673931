// Vite's `?url` import: the file is emitted as an asset and the import is its URL (https://vite.dev/guide/assets#explicit-url-imports).
declare module '*?url' {
  const url: string;
  export default url;
}
