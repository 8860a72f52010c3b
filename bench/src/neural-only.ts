import { describeNeuralRenders, measureNeuralRenders } from './neural-renders.js';
console.log(describeNeuralRenders(await measureNeuralRenders()).join('\n'));
