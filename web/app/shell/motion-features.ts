/** framer-motion's animation features, in their own chunk: LazyMotion loads this after the page is interactive. */
export { domAnimation as default } from 'framer-motion';
