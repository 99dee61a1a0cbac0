-- Historicon "contact" commander without its pace rule: every unit closes at
-- its full move, whatever its line does (ai_contact.lua; measured against it
-- in docs/rulesets/historicon.md, "Engagement: the ceiling (session
-- nine)"). Choose it per army: `commander: historicon.ai_contact_unpaced`.
local C = require("historicon.ai_contact")

local V = {}
for k, v in pairs(C) do V[k] = v end
V.pace = false
return V
