export { MouldTreePicker, type MouldTreeTexts } from './MouldTreePicker';
export { chosenMouldIds, distributedMouldIds, indexTree, type IndexedTree } from './tree';
