/// <reference types="vite/client" />
// Types for what Vite adds to modules: CSS module imports, asset imports and `import.meta.env`.
