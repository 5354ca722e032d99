// Vitest setup file: runs before each test file, in its worker, even when the worker keeps its
// modules from one file to the next (vitest.config.ts `isolate: false`), so a hook registered here
// is registered for every file. Registered first, it runs after the file's own afterAll hooks.
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.js';

afterAll(removeTempDirs);
