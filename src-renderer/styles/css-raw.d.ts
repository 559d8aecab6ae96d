// Vite's `?raw` imports (the stylesheet's text, for the contrast test).
declare module '*.css?raw' {
  const text: string
  export default text
}
