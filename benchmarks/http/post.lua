-- wrk script: POST a no-op operation, as `POST /v1/operations` expects it.
wrk.method = "POST"
wrk.body = '{"operation": "noop", "input": {}}'
wrk.headers["Content-Type"] = "application/json"
