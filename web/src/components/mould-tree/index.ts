export {
  MouldTreeParts,
  MouldTreePicker,
  type MouldTreeTexts,
  type TreePart,
  type TreePartAnswer,
} from './MouldTreePicker';
export { checksAny, treeChange, type Tick, type Ticks } from './tree';
