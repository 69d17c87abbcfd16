-- Secretaries saving results at the desk, as the result-entry page does: a POST per board
-- with the version of the board last seen. Arguments after "--": the session cookie, the
-- CSRF token, the number of threads, then "url:version" for every board. Each thread
-- keeps its own share of the boards and goes through them in turn, reading each board's
-- new version in the answer (its line, id="board-ID", and its input of class "version"):
-- with many more boards than connections, a board's answer is
-- back long before its next save, which is then never refused as a conflict (a 409 would
-- count as an error).
require "report"

function init(args)
  local threads = tonumber(args[3])
  headers = {
    ["Cookie"] = args[1],
    ["X-CSRFToken"] = args[2],
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["HX-Request"] = "true",
  }
  boards, versions, shown = {}, {}, {}
  for i = 4, #args do
    if (i - 4) % threads == thread_index then
      local url, version = args[i]:match("^(.+):(%d+)$")
      local id = url:match("/(%d+)/[^/]*/?$")
      table.insert(boards, {url = url, id = id})
      versions[id] = tonumber(version)
    end
  end
  position = 0
end

function request()
  position = position % #boards + 1
  local board = boards[position]
  shown[board.id] = (shown[board.id] == "1") and "0" or "1"
  local body = "result=" .. shown[board.id] .. "&version=" .. versions[board.id]
  return wrk.format("POST", board.url, headers, body)
end

function response(status, headers, body)
  count(status)
  local id = body:match('id="board%-(%d+)"')
  local version = body:match('class="version" value="(%d+)"')
  if id then
    versions[id] = tonumber(version)
  end
end
