// The "Get updates by email" form's first part, on pages whose config has
// "subscribers" (the build puts the form and this module in index.html). It
// loads the form's code only when the visitor opens or uses the form, so a
// visit that never does downloads these lines alone. Without a script the
// form is a plain POST to the endpoint, which answers with a page of its own.

const form = document.getElementById('email-form');
let ready;

function load() {
  ready ??= import('./status-page.email-form.js').then((module) => {
    module.prepareForm(form);
    return module;
  });
  return ready;
}

if (form !== null) {
  const prepare = () => void load().catch(() => {});
  form.closest('details')?.addEventListener('toggle', prepare);
  form.addEventListener('focusin', prepare);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // Should the form's code not load, the form is sent as it would be without a script.
    load().then(
      (module) => module.sendForm(form),
      () => form.submit(),
    );
  });
}
