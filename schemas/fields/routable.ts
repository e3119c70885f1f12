/** The document types that have a public route, for links and references. */
export const routableTypes = [{ type: 'page' }, { type: 'service' }, { type: 'trainingModel' }];
