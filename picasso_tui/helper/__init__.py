"""The local helper (``picasso helper``): one warm process per Picasso home serving the memory API on a Unix
socket and on loopback, the ``store-changed`` event stream and the Memory page. A front end: it parses requests,
calls ``services/`` and answers JSON; it holds nothing that memory.json and the settings do not."""
