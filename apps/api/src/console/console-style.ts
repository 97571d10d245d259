/** The console's one stylesheet, served from /console/console.css (CSP: styles from 'self' only). */
export const CONSOLE_CSS = `
:root { color-scheme: light; }
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem; }
header { display: flex; gap: 1rem; align-items: center; justify-content: space-between; border-bottom: 1px solid #767676; padding-bottom: .5rem; }
nav ul { display: flex; gap: 1.25rem; list-style: none; margin: 0; padding: 0; }
a { color: #0b4f9c; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
input[type=text], input[type=password], input[type=number], select, textarea { font: inherit; padding: .4rem .5rem; border: 1px solid #595959; border-radius: 4px; min-width: 16rem; color: #1a1a1a; background: #fff; }
button { font: inherit; padding: .4rem .9rem; border: 1px solid #0b4f9c; border-radius: 4px; background: #0b4f9c; color: #fff; cursor: pointer; margin-top: .5rem; }
button.secondary { background: #fff; color: #0b4f9c; }
a:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, button:focus-visible { outline: 3px solid #b35900; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1.5rem; }
th, td { text-align: left; border-bottom: 1px solid #ccc; padding: .3rem .5rem; vertical-align: top; }
td form { display: flex; gap: .5rem; align-items: end; flex-wrap: wrap; margin: 0; }
td form label { margin: 0; }
td form input[type=text] { min-width: 10rem; }
code { font: 14px/1.4 ui-monospace, monospace; overflow-wrap: anywhere; }
.error { color: #a30000; font-weight: 600; }
.notice { color: #0a5c2b; font-weight: 600; border-left: 4px solid #0a5c2b; padding-left: .5rem; }
figure { margin: 1rem 0 2rem; }
figcaption { font-weight: 600; margin-bottom: .25rem; }
.legend { display: flex; gap: 1.25rem; list-style: none; padding: 0; margin: .25rem 0; }
details { margin: .25rem 0; }
.check { display: flex; gap: .5rem; align-items: center; margin: .5rem 0; }
.check label { margin: 0; }
.once input[type=text] { min-width: min(36rem, 100%); }
.fieldset { border: 1px solid #ccc; padding: .5rem 1rem 1rem; margin: 1rem 0; }
`;
