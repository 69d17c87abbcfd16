-- Visitors reading pages: each request asks for one of the paths given after "--",
-- in turn, each thread starting at its own place.
require "report"

function init(args)
  paths = args
  position = thread_index
end

function request()
  position = position % #paths + 1
  return wrk.format("GET", paths[position])
end

function response(status, headers, body)
  count(status)
end
