/**
 * No press is lost before React has taken a control over. Hydration starts once the page is on
 * screen (document-head/deferred-hydration.server.ts) and parts of a page hydrate later still
 * (islands marked `data-hydrates-later`), so a quick visitor, or one whose browser autofilled a
 * form, can press first; the browser would then do nothing (a script-only button) or the wrong
 * thing (a script-only form submitted as a GET to the current address).
 *
 * The rule, for every interactive element (no list to keep up to date): an inline script in
 * <head> (`earlyPressScript`, sent by the server with the page's nonce, so it runs before any
 * module) holds each click on a button-like element and each form submission whose element React
 * does not handle yet, and makes it again once React does (the element carries React's props).
 * A control pressed several times while nothing happened counts once. Links are not held: the
 * browser follows a real link itself, unless the script gives the link an action of its own
 * (`data-script-action`: a gallery thumbnail links to the picture and opens the lightbox). After the root has hydrated (`releaseEarlyPresses`), only
 * elements inside a later island are still held; an element React never takes over (server-only
 * HTML) is then let through to the browser. A press still held then tells its island so
 * (a bubbling `presswaiting` event), which loads its code at once (components/ui/hydrate-when-near.tsx).
 */

declare global {
  interface Window {
    /** Set by `earlyPressScript`: the root has hydrated; held presses on its elements go through now. */
    __releasePresses?: () => void;
  }
}

/**
 * The inline script. `owned`: React has attached the element's props (its own expando property,
 * the only sign that outlives a render); `waiting`: a press on it now would be lost.
 */
/** The event a press held in a later island sends up once the root has hydrated. */
export const pressWaitingEvent = 'presswaiting';

export const earlyPressScript = `(function(){var held=[],timer=0,rootDone=false,controls='button,[role=button],input[type=submit],input[type=button],input[type=image],a[data-script-action]';function owned(el){var keys=Object.keys(el);for(var i=0;i<keys.length;i++)if(keys[i].indexOf('__reactProps$')===0)return true;return false}function waiting(el){return !owned(el)&&(!rootDone||!!el.closest('[data-hydrates-later]'))}function flush(){timer=0;held=held.filter(function(h){if(!h.el.isConnected)return false;if(waiting(h.el)){if(rootDone&&!h.asked){h.asked=true;h.el.dispatchEvent(new Event('presswaiting',{bubbles:true}))}return true}if(h.submitter!==undefined)h.el.requestSubmit(h.submitter&&h.submitter.form===h.el?h.submitter:null);else h.el.click();return false});if(held.length)timer=setTimeout(flush,50)}function hold(e,el,submitter){e.preventDefault();e.stopImmediatePropagation();for(var i=0;i<held.length;i++)if(held[i].el===el)return;held.push({el:el,submitter:submitter});if(!timer)timer=setTimeout(flush,50)}addEventListener('click',function(e){var el=e.target instanceof Element&&e.target.closest(controls);if(el&&waiting(el))hold(e,el)},true);addEventListener('submit',function(e){var form=e.target;if(form instanceof HTMLFormElement&&waiting(form))hold(e,form,e.submitter||null)},true);window.__releasePresses=function(){rootDone=true;flush()}})()`;
