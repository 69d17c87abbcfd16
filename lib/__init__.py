"""The site's infrastructure, apart from the club's domain: the public pages' cache
(``page_cache``, in files the workers share: ``file_cache``), the client's address behind
the proxy (``client_ip``), backups (``backup``), the mail server's settings
(``email_config``), bounds on input and uploads (``limits``, ``uploads``, ``login_limits``),
sanitised Markdown (``markdown``) and spreadsheet-safe CSV cells (``spreadsheets``)."""
