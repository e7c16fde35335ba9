// Bundle entry of the engine benchmark: the engine and the planner, as a job uses them.
'use strict';
module.exports = { ...require('@pipeline/engine'), ...require('@pipeline/planner') };
