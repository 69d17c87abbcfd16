-- What every scenario shares: each thread counts the answers that are not "200 OK"
-- (wrk itself counts only statuses from 400 up as errors, not a redirect to the login
-- page), and the figures of the run are printed on one line for benchmarks/load_test.py.
local threads = {}
local thread_count = 0

function setup(thread)
  thread:set("thread_index", thread_count)
  thread_count = thread_count + 1
  table.insert(threads, thread)
end

not_ok = 0

function count(status)
  if status ~= 200 then
    not_ok = not_ok + 1
  end
end

function done(summary, latency, requests)
  local errors = summary.errors
  local unexpected = 0
  for _, thread in ipairs(threads) do
    unexpected = unexpected + thread:get("not_ok")
  end
  io.write(string.format(
    "wrk-report requests=%d duration_us=%d p50_us=%d p95_us=%d p99_us=%d "
      .. "connect=%d read=%d write=%d status=%d timeout=%d not_ok=%d\n",
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99),
    errors.connect, errors.read, errors.write, errors.status, errors.timeout, unexpected))
end
