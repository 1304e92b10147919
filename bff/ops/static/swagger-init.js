// Starts Swagger UI on /api/docs with the spec URL the page names (no inline script: see the CSP).
window.addEventListener('load', function () {
  var container = document.getElementById('swagger-ui-container');
  window.ui = SwaggerUIBundle({ url: container.dataset.specUrl, dom_id: '#swagger-ui-container' });
});
