/**
 * No press is lost before React has taken a control over. Hydration starts once the page is on
 * screen (document-head/deferred-hydration.server.ts), and parts of a page hydrate later still: a
 * list whose rows stream in hydrates when its data has been read, an island (the footer,
 * components/ui/hydrate-when-near.tsx) when the visitor comes near it. So a quick visitor, or one
 * whose browser autofilled a form, can press first; the browser would then do nothing (a
 * script-only button) or the wrong thing (a script-only form submitted as a GET to the current
 * address), and React drops a press on a part it cannot hydrate yet.
 *
 * The rule, for every interactive element (no list to keep up to date): an inline script in
 * <head> (`earlyPressScript`, sent by the server with the page's nonce, so it runs before any
 * module) holds each click on a button-like element and each form submission whose element React
 * does not handle yet, and makes it again once React does (its part has committed and the element
 * carries React's props).
 * A control pressed several times while nothing happened counts once. Links are not held: the
 * browser follows a real link itself, unless the script gives the link an action of its own
 * (`data-script-action`: a gallery thumbnail links to the picture and opens the lightbox).
 *
 * Once the root has hydrated (`__releasePresses`), a press still held tells its part so (a
 * bubbling `presswaiting` event; an island, `data-hydrates-later`, then loads its code at once).
 * HTML that React keeps from the server and never takes over (`data-server-html`: the catalogue's
 * GET filter form) is the browser's from then on, and so is a press outside an island that React
 * has not taken within `releaseAfterMs`.
 */

declare global {
  interface Window {
    /** Set by `earlyPressScript`: the root has hydrated; held presses on its elements go through now. */
    __releasePresses?: () => void;
  }
}

/** Marks server HTML kept as it is in the browser (blocks/server-parts.tsx, server-rendered.tsx). */
export const serverHtmlAttribute = 'data-server-html';

/** Marks an island that hydrates when the visitor comes near it (components/ui/hydrate-when-near.tsx). */
export const hydratesLaterAttribute = 'data-hydrates-later';

/** Set on an island's element once its hydration has committed (components/ui/hydrate-when-near.tsx). */
export const islandHydratedAttribute = 'data-hydrated';

/** The event a press held after the root has hydrated sends up, once. */
export const pressWaitingEvent = 'presswaiting';

/** A press outside an island that React has not taken this long after the root hydrated goes to the browser as it is. */
const releaseAfterMs = 10_000;

/**
 * The inline script. `owned`: React has attached the element's props (its own expando property,
 * the only sign that outlives a render); `waiting`: a press on it now would be lost; `passing`: a
 * press the script makes again itself, let through. Owned is not enough on its own: React attaches
 * the props while it renders, before it commits, and a slow CPU's hydration yields between slices;
 * a press made in between updates a render React then throws away (the theme toggle was lost). So
 * nothing goes through before the root has committed, nor in an island before the island has.
 */
export const earlyPressScript = `(function(){var held=[],timer=0,rootDone=0,passing=false,controls='button,[role=button],input[type=submit],input[type=button],input[type=image],a[data-script-action]';function owned(el){var keys=Object.keys(el);for(var i=0;i<keys.length;i++)if(keys[i].indexOf('__reactProps$')===0)return true;return false}function waiting(el,since){if(!rootDone)return true;var island=el.closest('[${hydratesLaterAttribute}]');if(island)return !(island.hasAttribute('${islandHydratedAttribute}')&&owned(el));if(owned(el))return false;return !el.closest('[${serverHtmlAttribute}]')&&Date.now()-Math.max(since,rootDone)<${releaseAfterMs}}function press(h){passing=true;try{if(h.submitter!==undefined)h.el.requestSubmit(h.submitter&&h.submitter.form===h.el?h.submitter:null);else h.el.click()}finally{passing=false}}function flush(){timer=0;held=held.filter(function(h){if(!h.el.isConnected)return false;if(waiting(h.el,h.since)){if(rootDone&&!h.asked){h.asked=true;h.el.dispatchEvent(new Event('${pressWaitingEvent}',{bubbles:true}))}return true}press(h);return false});if(held.length)timer=setTimeout(flush,50)}function hold(e,el,submitter){e.preventDefault();e.stopImmediatePropagation();for(var i=0;i<held.length;i++)if(held[i].el===el)return;held.push({el:el,submitter:submitter,since:Date.now()});if(!timer)timer=setTimeout(flush,50)}addEventListener('click',function(e){var el=!passing&&e.target instanceof Element&&e.target.closest(controls);if(el&&waiting(el,Date.now()))hold(e,el)},true);addEventListener('submit',function(e){var form=e.target;if(!passing&&form instanceof HTMLFormElement&&waiting(form,Date.now()))hold(e,form,e.submitter||null)},true);window.__releasePresses=function(){rootDone=Date.now();flush()}})()`;
