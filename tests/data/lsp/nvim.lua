-- A real client for `soumille lsp` (tests/lsp_nvim.rs): Neovim, headless, opens the record
-- $SOUMILLE_FILE, starts the server $SOUMILLE_BIN through vim.lsp.start (vim.lsp.start_client
-- before Neovim 0.8), waits for its diagnostics, asks a hover on throw 4 and the completions
-- after the dice of a throw it types, writes all of it as JSON to $SOUMILLE_OUT and quits.
local file, bin, out = os.getenv("SOUMILLE_FILE"), os.getenv("SOUMILLE_BIN"), os.getenv("SOUMILLE_OUT")
local result = { diagnostics = {}, errors = {} }

local function finish()
  local f = io.open(out, "w")
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd("qa!")
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local config = { name = "soumille", cmd = { bin, "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h") }
  local client
  if vim.lsp.start then
    client = vim.lsp.start(config)
  else
    client = vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(buf, client)
  end
  result.client = client ~= nil
  result.waited = vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(result.diagnostics, {
      line = d.lnum, col = d.col, severity = d.severity, message = d.message,
      code = d.code or lsp.code, source = d.source or lsp.source,
    })
  end
  local uri = vim.uri_from_bufnr(buf)
  local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover",
    { textDocument = { uri = uri }, position = { line = 9, character = 3 } }, 20000)
  for _, r in pairs(hover or {}) do
    if r.result then result.hover = r.result.contents.value end
    if r.err then table.insert(result.errors, vim.inspect(r.err)) end
  end
  -- type a seventh throw, then ask what may follow its dice
  local n = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_buf_set_lines(buf, n, n, false, { "7. 6-3 " })
  local items = vim.lsp.buf_request_sync(buf, "textDocument/completion",
    { textDocument = { uri = uri }, position = { line = n, character = 7 } }, 20000)
  result.completion = {}
  for _, r in pairs(items or {}) do
    for _, item in ipairs((r.result and (r.result.items or r.result)) or {}) do
      table.insert(result.completion, { label = item.label, kind = item.kind, detail = item.detail })
    end
    if r.err then table.insert(result.errors, vim.inspect(r.err)) end
  end
  -- shutdown, then exit: wait for the server to be gone before quitting
  vim.lsp.stop_client(client)
  result.stopped = vim.wait(20000, function() return vim.lsp.get_client_by_id(client) == nil end, 20)
end)
if not ok then table.insert(result.errors, tostring(err)) end
finish()
