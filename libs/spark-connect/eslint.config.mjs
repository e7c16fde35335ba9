import baseConfig from '../../eslint.config.mjs';

// This library is a gRPC client of an external server (Spark Connect): nice-grpc's client half
// is its transport, so the libraries' ban on transport packages is lifted for nice-grpc alone
// (express, cors and @grpc/* stay banned; it serves nothing).
const RULE = '@nx/enforce-module-boundaries';
const allowGrpcClient = (entry) => {
  const rule = entry.rules?.[RULE];
  if (rule === undefined) return entry;
  const [level, options] = rule;
  const depConstraints = options.depConstraints.map((c) =>
    c.bannedExternalImports === undefined ? c : { ...c, bannedExternalImports: c.bannedExternalImports.filter((p) => p !== 'nice-grpc') },
  );
  return { ...entry, rules: { ...entry.rules, [RULE]: [level, { ...options, depConstraints }] } };
};

export default baseConfig.map(allowGrpcClient);
