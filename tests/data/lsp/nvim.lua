-- A real client for `soumille lsp` (tests/lsp_nvim.rs): Neovim, headless, opens the record
-- $SOUMILLE_FILE, starts the server $SOUMILLE_BIN through vim.lsp.start (vim.lsp.start_client
-- before Neovim 0.8), waits for its diagnostics, asks a hover on throw 4, the inlay hints (by
-- the request: Neovim 0.7 has no inlay-hint client), the code actions at throw 3 (applying the
-- first repair and waiting for the diagnostics to clear), and the completions after the dice
-- of a throw it types, writes all of it as JSON to $SOUMILLE_OUT and quits.
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
  local config = {
    name = "soumille", cmd = { bin, "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h"),
    -- a debug build on a busy machine: room for the repair search (docs/editors.md, Settings)
    init_options = { repair = { budgetMs = 60000 } },
  }
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
    if r.err or r.error then table.insert(result.errors, vim.inspect(r.err or r.error)) end
  end
  -- the inlay hints (Neovim 0.7 has no inlay-hint client: the request itself)
  local last = vim.api.nvim_buf_line_count(buf)
  local hints = vim.lsp.buf_request_sync(buf, "textDocument/inlayHint",
    { textDocument = { uri = uri }, range = { start = { line = 0, character = 0 }, ["end"] = { line = last, character = 0 } } }, 20000)
  result.inlay = {}
  for _, r in pairs(hints or {}) do
    for _, h in ipairs(r.result or {}) do
      table.insert(result.inlay, { line = h.position.line, character = h.position.character, label = h.label })
    end
    if r.err or r.error then table.insert(result.errors, vim.inspect(r.err or r.error)) end
  end
  -- the code actions at throw 3 (a fausse case): the repair among them, applied
  local diags = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(diags, {
      range = { start = { line = d.lnum, character = d.col },
                ["end"] = { line = d.end_lnum or d.lnum, character = d.end_col or d.col } },
      severity = d.severity, message = d.message, code = d.code or lsp.code, source = d.source or lsp.source,
    })
  end
  local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", {
    textDocument = { uri = uri },
    range = { start = { line = 8, character = 0 }, ["end"] = { line = 8, character = 0 } },
    context = { diagnostics = diags },
  }, 120000)
  result.actions = {}
  local repair
  for _, r in pairs(actions or {}) do
    for _, a in ipairs(r.result or {}) do
      table.insert(result.actions, a.title)
      if not repair and a.title:find("^Repair: ") then repair = a end
    end
    if r.err or r.error then table.insert(result.errors, vim.inspect(r.err or r.error)) end
  end
  if repair and repair.edit then
    local saved = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    vim.lsp.util.apply_workspace_edit(repair.edit, "utf-16")
    result.repaired = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
    result.repair_cleared = vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
    result.after_repair = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local lsp = d.user_data and d.user_data.lsp or {}
      table.insert(result.after_repair, d.code or lsp.code)
    end
    -- back to the record as it was, for the completion below
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, saved)
    vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
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
    if r.err or r.error then table.insert(result.errors, vim.inspect(r.err or r.error)) end
  end
  -- shutdown, then exit: wait for the server to be gone before quitting
  vim.lsp.stop_client(client)
  result.stopped = vim.wait(20000, function() return vim.lsp.get_client_by_id(client) == nil end, 20)
end)
if not ok then table.insert(result.errors, tostring(err)) end
finish()
