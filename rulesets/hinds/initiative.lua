-- Hinds' turn, §2: who moves first ("each player throws a die").

local turn = require("hinds.board")

local say, log, label = turn.say, turn.log, turn.label

-- Who moves first: "each player throws a die. The highest scorer moves
-- first ... On the second move the player who moved last the first move
-- moves first. Thereafter the players alternate."
function turn.first_mover(G)
  if G.turn == 1 then
    local a, b
    repeat
      a = G.dice:roll(6, "Hinds first move, side 1")
      b = G.dice:roll(6, "Hinds first move, side 2")
    until a ~= b
    G.first = a > b and 1 or 2
    log(G, "initiative", { throws = { a, b }, first = G.first })
    say(G, "First move: %s throws %d, %s %d; %s moves first.", G.sides[1].name, a, G.sides[2].name, b,
      G.sides[G.first].name)
  else
    G.first = 3 - G.first
    log(G, "initiative", { first = G.first })
  end
end

return turn
