// Mantine's PostCSS preset provides the mixins and rem() helpers that component CSS modules use.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
