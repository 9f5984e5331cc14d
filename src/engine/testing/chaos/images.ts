// Images the chaos sessions use: ones that exist in the simulated registry, and one that never pulls.
export const GOOD_IMAGES = ['nginx:1.25', 'nginx:1.26', 'nginx:1.27'];
export const BROKEN_IMAGE = 'nginx:does-not-exist';
